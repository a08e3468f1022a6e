/** The administration portal: one `<admin-app>` in index.html; pages load on first visit. */
import './admin-app';
