"""The web pages: rankings, tournaments, the match viewer and the playable table, rendered on the server.

Presentation only: page builders read the application services and hand plain view data to Jinja2
templates (autoescaped); card faces, the rating chart and the knockout bracket are SVG drawn by this
package. No HTTP framework and no AWS here: the API's page router wraps the HTML in responses.
"""
