# expect: security/stored-xss@13
from django.http import HttpResponse
from django.shortcuts import get_object_or_404

from .models import Profile


def profile_card(request, username):
    profile = get_object_or_404(Profile, user__username=username)
    html = "<div class='card'><h2>{}</h2><p>{}</p></div>".format(
        profile.display_name, profile.bio
    )
    return HttpResponse(html)
