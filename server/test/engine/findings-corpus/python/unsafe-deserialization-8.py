# silent: security/unsafe-deserialization
import pickle


def snapshot(state, path):
    with open(path, "wb") as fh:
        fh.write(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
