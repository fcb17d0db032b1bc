# expect: security/sql-injection@6
from django.contrib.auth.models import User


def users_named(name):
    return list(User.objects.raw("SELECT * FROM auth_user WHERE username = '%s'" % name))
