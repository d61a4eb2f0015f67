FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app

COPY pyproject.toml constraints.txt README.md ./
COPY config ./config
COPY core ./core
COPY games ./games
COPY campaign ./campaign
COPY skirmish ./skirmish
COPY quidditch ./quidditch
COPY league ./league
COPY templates ./templates
COPY manage.py ./
RUN pip install --no-cache-dir -c constraints.txt . \
    && DEBUG=0 SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput

RUN useradd --create-home storyguide
USER storyguide
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "--bind", "0.0.0.0:8000", "--workers", "3"]
