// The `scrollwork` program: its commands live in ScrollworkCommandLine, so that tests link them
// without this program's static Swift runtime.
import CMallocArenas
import ScrollworkCommandLine

// Two malloc arenas, not glibc's eight a core: the worker threads that sort, count and read
// pages each kept an arena of their own, whose freed memory the process held on to. A sort of
// 20,000,000 texts in the viewer peaked at 241 MB resident with the default, 173 MB with two, in
// the same time (one arena made counting a third slower). A MALLOC_ARENA_MAX of the person's
// own is left to glibc.
_ = scrollwork_limit_malloc_arenas(2)

ScrollworkCommand.main()
