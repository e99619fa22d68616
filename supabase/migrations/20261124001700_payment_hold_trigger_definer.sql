-- The payment-hold trigger (20261124001400) ran with the rights of whoever inserted the row, and
-- only the owner may call private.payment_hold(): an insert by any other role with a token hash
-- on an online registration failed with 'permission denied' instead of the table's own checks.
-- The trigger now runs as its owner, like the other trigger functions in private.
create or replace function private.participants_start_payment_hold()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.payment_method = 'stripe' and new.payment_status = 'pending' and new.hold_expires_at is null
    and new.confirmation_token_hash is not null then
    new.hold_expires_at := now() + private.payment_hold();
  end if;
  return new;
end;
$$;

revoke all on function private.participants_start_payment_hold() from public;
