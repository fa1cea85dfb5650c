"""The web app's routes, a module per concern: :mod:`.lobby` (create a table), :mod:`.pages` (a table's pages),
:mod:`.api` (the JSON API), :mod:`.socket` (the live websocket), :mod:`.static` (files). Each lists its
``routes``; they share :mod:`.base` and import nothing of each other (.importlinter)."""
