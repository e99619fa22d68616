-- The payment-hold trigger (20261124001400) ran with the rights of whoever inserted the row, and
-- only the owner may call private.payment_hold(): an insert by any other role with a token hash
-- on an online registration failed with 'permission denied' instead of the table's own checks.
-- The trigger now runs as its owner, like the other trigger functions in private.
alter function private.participants_start_payment_hold() security definer;
