-- The service role (edge functions, server scripts) may write public.settings (it holds every
-- table privilege), but the value check's function was executable by `authenticated` only, so
-- any write by the service role failed with 'permission denied for function
-- setting_value_is_valid' instead of being checked (20261124001200). Same check for every writer.
grant execute on function private.setting_value_is_valid(text, jsonb) to service_role;
