-- The creditor's IBAN check (constraint invoice_creditor_iban_check, 20261125001400) runs as the
-- writing role: the service role (the SQL editor's API, scripts, tests) needs to run it too, as
-- the admins do. Without it a service-role insert failed with 'permission denied for function
-- iban_problem' before the check itself.
grant execute on function private.iban_problem(text) to service_role;
