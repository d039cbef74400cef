import ScrollworkTerminal

var app = Reader()
try EventLoop.run(&app)
