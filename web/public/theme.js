/* global window, document */
// Apply the theme before first paint (spec §2: dark mode is applied at startup). An external
// file, because the server's Content-Security-Policy allows no inline script.
(function () {
  try {
    var t = localStorage.getItem("theme") || "auto";
    var dark = t === "dark" || (t !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
  } catch {
    /* storage unavailable: keep the light default */
  }
})();
