/** Event lists embedded in content pages. Built by the events issue. */
export function StammtischEvents() {
  return null;
}

export function BreathworkEvents() {
  return null;
}

export function KidsEvents() {
  return null;
}
