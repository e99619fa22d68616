-- price x persons lived here a second time, called by nothing since booking_money became the one
-- rule for what a booking owes (private.owed_cents, with discount codes): dropped.
drop function private.registration_amount_cents(uuid);
