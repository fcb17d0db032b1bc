# expect: performance/await-in-loop@4
async def notify_all(users, mailer):
    for user in users:
        await mailer.send(user.email, "Your report is ready")
