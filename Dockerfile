FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app

# Everything but what .dockerignore leaves out, so that a new app needs no line here.
COPY . ./
RUN pip install --no-cache-dir -c constraints.txt . \
    && DEBUG=0 SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput

RUN useradd --create-home storyguide
USER storyguide
EXPOSE 8000
# The API, the pages and the live streams: config.asgi under uvicorn workers.
CMD ["gunicorn", "config.asgi", "--worker-class", "uvicorn_worker.UvicornWorker", \
     "--bind", "0.0.0.0:8000", "--workers", "3"]
