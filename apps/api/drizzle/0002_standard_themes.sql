-- The standard themes every club may use (docs/product.md, Themes: Free clubs have these only). Colours meet WCAG AA
-- for text on background, button text on main and tab text on tab background.
INSERT INTO "themes" ("club_id", "name", "background", "background_image", "best_seller_label_color", "suggested_label_color", "button_text", "divider", "font", "main", "text", "tab_background", "tab_text", "pdf_highlight", "pdf_section_title", "pdf_text") VALUES
(NULL, 'Carta', '#f7f3ef', NULL, '#9a3412', '#166534', '#ffffff', '#e4dad3', 'Inter', '#7a1f3d', '#241a1e', '#7a1f3d', '#ffffff', '#7a1f3d', '#55102a', '#241a1e'),
(NULL, 'Notte', '#14121a', NULL, '#fbbf24', '#5eead4', '#14121a', '#2e2a38', 'Oswald', '#e9c46a', '#f1ede4', '#201d29', '#f1ede4', '#b8860b', '#14121a', '#14121a'),
(NULL, 'Trattoria', '#fbf8ef', NULL, '#b45309', '#3f6212', '#ffffff', '#e7dfc8', 'Lora', '#2f5d3a', '#2a2a22', '#2f5d3a', '#ffffff', '#2f5d3a', '#1f3d26', '#2a2a22'),
(NULL, 'Mare', '#f4f8fb', NULL, '#c2410c', '#0f766e', '#ffffff', '#d5e3ee', 'Nunito', '#1d4e89', '#13263a', '#1d4e89', '#ffffff', '#1d4e89', '#13263a', '#13263a');
