import ScrollworkTerminal

var app = SettingsApp()
try EventLoop.run(&app)
