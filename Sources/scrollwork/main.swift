// The `scrollwork` program: its commands live in ScrollworkCommandLine, so that tests link them
// without this program's static Swift runtime.
import ScrollworkCommandLine

ScrollworkCommand.main()
