# silent: security/hardcoded-secret
def login_form():
    password_label = "Password"
    password = input(password_label + ": ")
    return password
