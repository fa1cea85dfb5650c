"""The shipped load test: ``velada load`` starts a server on 127.0.0.1, plays N tables of paced human seats on
websockets against it with Locust, and reports POST latency, the time until a change is visible on the other
seats' sockets, choices/s, and the server's CPU and memory. Bounded in time, loopback only; ``pip install -e
'.[load]'``."""
