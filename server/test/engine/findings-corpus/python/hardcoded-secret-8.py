# silent: security/hardcoded-secret
import os

API_KEY = os.environ.get("WEATHER_API_KEY", "<your-api-key>")
client_secret = "changeme"


def headers():
    return {"X-Api-Key": API_KEY}
