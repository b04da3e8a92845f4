"""The notifier function: fans changes out to the live connections that follow them."""
