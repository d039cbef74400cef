import ScrollworkWidgets

