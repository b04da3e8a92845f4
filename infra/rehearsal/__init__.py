"""The deploy rehearsal: the synthesised app run from its cloud assembly (``cdk.out``) alone.

``python -m infra.rehearsal cdk.out`` (``make rehearse``) reads the stack's template and assets, makes the
template's table, queues, topic, parameters, secret, log groups and roles on moto's server from their own
properties, and starts each function as Lambda would: a fresh interpreter that sees only the function's
code asset and its layers, the handler string and environment the template gives it, and the credentials
of its own role. Then it plays the service through its front doors (the HTTP API's routes, the function
URL, the WebSocket routes, the schedule, the queues' event source mappings and the functions' own
asynchronous invocations), with every AWS call checked against the calling role's statements as the
template writes them. It fails on a handler path, a variable, a grant, an index or an asset that is wrong,
and lists what is granted and never called.

Modules: :mod:`.assembly` (the cloud assembly), :mod:`.intrinsics` (CloudFormation's functions),
:mod:`.policy` (IAM evaluation), :mod:`.calls` (which action and resource an AWS request is),
:mod:`.cloud` (moto and the services moto cannot stand in for), :mod:`.deployer` (the template's resources
made), :mod:`.runtime` (the functions' processes), :mod:`.scenario` (what is played) and :mod:`.report`.
"""
