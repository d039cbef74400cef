try runFiles()
