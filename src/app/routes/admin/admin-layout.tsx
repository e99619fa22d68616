import { Outlet } from 'react-router-dom';

// Guarded admin shell. The admin issue adds the guard, header and navigation.
export default function AdminLayout() {
  return (
    <div className="min-h-screen">
      <Outlet />
    </div>
  );
}
