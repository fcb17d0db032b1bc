# expect: security/unsafe-deserialization@7
import pickle


def read_jobs(path):
    with open(path, "rb") as fh:
        return pickle.Unpickler(fh).load()
