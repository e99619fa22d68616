// Every admin query key starts with this root, so one write can refresh every admin screen at
// once (participant counts show on the events list and the dashboard too). Each admin feature
// builds its own key factory on it; it lives here because features never import each other.
export const ADMIN_ROOT_KEY = ['admin'] as const;
