// Only the weights the theme uses (400 body, 700 headings and buttons). These files declare each script
// subset (lao / thai, latin, latin-ext) with a unicode-range, so the browser downloads only what a page shows.
import '@fontsource/noto-sans-lao/400.css';
import '@fontsource/noto-sans-lao/700.css';
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/700.css';
