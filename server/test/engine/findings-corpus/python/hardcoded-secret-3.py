# expect: security/hardcoded-secret@5
class SlackNotifier:
    def __init__(self, channel):
        self.channel = channel
        self.api_token = "xoxb-2911-77310-Qh3kL0Jw9f2Zq8"

    def headers(self):
        return {"Authorization": "Bearer " + self.api_token}
