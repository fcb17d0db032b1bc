# expect: security/hardcoded-secret@8
import smtplib


def send_mail(msg):
    server = smtplib.SMTP("smtp.example.org", 587)
    server.starttls()
    server.login("alerts@example.org", password="Tr0ub4dor&3-horse")
    server.send_message(msg)
    server.quit()
