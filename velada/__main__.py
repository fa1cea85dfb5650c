from velada.cli import main

main()
