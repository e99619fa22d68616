-- Issue 28: the prerendered listing and event page show a published event's 'ab' price from its
-- ticket types, so a change of them starts a build like a change of the event's own price.

create function private.event_ticket_types_request_rebuild()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  if exists (
    select 1 from public.events e
     where e.id = coalesce(new.event_id, old.event_id) and e.status = 'published' and e.category <> 'fondue'
  ) then
    perform private.post_site_build_hook(jsonb_build_object('source', tg_table_name, 'operation', tg_op));
  end if;
  return null;
end;
$function$;
revoke all on function private.event_ticket_types_request_rebuild() from public;

create trigger event_ticket_types_site_rebuild after insert or update or delete on public.event_ticket_types
  for each row execute function private.event_ticket_types_request_rebuild();
