# Verdict: the same gunicorn configuration as `make serve`, listening on 0.0.0.0:8080.
# Build stage: a virtual environment holding exactly the pinned dependencies.
FROM python:3.11.7-slim-bookworm AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1
COPY requirements.lock /tmp/requirements.lock
RUN python -m venv /opt/venv \
 && /opt/venv/bin/pip install --no-cache-dir --no-compile -r /tmp/requirements.lock

# Runtime stage: the environment, the source, a non-root user; nothing else.
FROM python:3.11.7-slim-bookworm
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    HOST=0.0.0.0 \
    PORT=8080
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
COPY openapi.yaml /app/openapi.yaml
COPY classifiers /app/classifiers
COPY redaction /app/redaction
COPY service /app/service
RUN useradd --uid 10001 --no-create-home --shell /usr/sbin/nologin verdict
USER 10001
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8080'), timeout=2)"]
CMD ["gunicorn", "-c", "service/gunicorn.conf.py"]
