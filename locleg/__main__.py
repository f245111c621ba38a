from locleg.cli import main

raise SystemExit(main())
