-- Swiss Standard German says "Reservation" (as the hut, the Stammtisch page and the held booking's
-- other messages do); one message still said "Reservierung".
update public.error_codes
   set visitor_message = 'Die Reservation ist abgelaufen. Bitte melde dich erneut an.'
 where code = 'PAYMENT_NOT_OPEN';
