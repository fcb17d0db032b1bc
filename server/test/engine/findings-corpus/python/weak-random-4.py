# expect: security/weak-random@6
import random


def new_session(store, user_id):
    session_id = str(random.getrandbits(64))
    store[session_id] = user_id
    return session_id
