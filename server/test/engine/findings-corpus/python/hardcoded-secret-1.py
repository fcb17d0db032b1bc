# expect: security/hardcoded-secret@4
import boto3

AWS_SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY9"


def s3_client():
    return boto3.client("s3", aws_secret_access_key=AWS_SECRET_ACCESS_KEY, region_name="eu-west-1")
