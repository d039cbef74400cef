import ScrollworkTerminal

var app = FilesTable()
try EventLoop.run(&app)
