# expect: security/unsafe-deserialization@6
import joblib


def load_pipeline(uploaded_path):
    return joblib.load(uploaded_path)
