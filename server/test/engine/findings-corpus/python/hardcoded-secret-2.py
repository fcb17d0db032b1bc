# silent: security/hardcoded-secret
import os


def db_settings():
    return {
        "host": os.environ.get("DB_HOST", "localhost"),
        "user": "app",
        "password": os.environ["DB_PASSWORD"],
    }
