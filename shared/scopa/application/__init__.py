"""The application: entities and the ports that store them, the services, and the errors they raise.

No boto3, no SQL and no HTTP: services take their ports in their constructors (:mod:`.wiring`) and return
domain objects; the adapters implement the ports and the function handlers turn answers into HTTP.
"""
