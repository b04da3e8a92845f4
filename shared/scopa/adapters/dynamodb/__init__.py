"""The ports on one DynamoDB table through boto3: the only package that speaks DynamoDB.

Every key and index is named in :mod:`.keys`; items are converted by :mod:`.codec`.
"""
