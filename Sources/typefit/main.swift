import TypefitCLI

TypefitCommand.main()
