# expect: security/weak-random@6
import random


def send_login_code(sms, phone):
    otp = random.randint(100000, 999999)
    sms.send(phone, f"Your code is {otp}")
    return otp
