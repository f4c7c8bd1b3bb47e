/** Lets non-React code (the base query, the event stream) navigate through the router. */
type Navigate = (to: string) => void;

let navigator: Navigate = (to) => {
  window.location.hash = `#${to}`;
};

export function registerNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string): void {
  navigator(to);
}
