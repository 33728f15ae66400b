"""The ASGI application gunicorn serves (service/gunicorn.conf.py)."""

from service.app import create_app

app = create_app()
