card sl-classic --format docx
