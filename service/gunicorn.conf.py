"""The one gunicorn configuration for `make serve`, the container and the end-to-end tests."""

from service.settings import Settings

_settings = Settings.from_env()

wsgi_app = "service.asgi:app"
worker_class = "asgi"
bind = f"{_settings.host}:{_settings.port}"
workers = _settings.workers
worker_connections = 1000
asgi_lifespan = "on"
keepalive = 5
graceful_timeout = 20
timeout = 30
accesslog = None
errorlog = "-"
loglevel = "info"
# No runtime control socket: it would clash between instances and needs a writable $HOME.
control_socket_disable = True
