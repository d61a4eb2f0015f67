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
# A command server (compose's `web`): every request but the live streams, config.wsgi
# on gunicorn's threaded workers. The same image serves the streams (compose's
# `streams`: gunicorn config.streams with uvicorn workers) and runs Celery.
CMD ["gunicorn", "config.wsgi", "--worker-class", "gthread", "--workers", "3", \
     "--threads", "4", "--bind", "0.0.0.0:8000"]
