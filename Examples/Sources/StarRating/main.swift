import ScrollworkTerminal

var app = RatingApp()
try EventLoop.run(&app)
