import { scheduleChange } from '@/features/admin-events/lib/schedule-change';
import { toAdminEvent } from '@/features/admin-events/lib/admin-event';
import { eventRow } from './fixtures';

const booked = toAdminEvent(
  eventRow({ start_time: '10:00:00', end_time: '13:00:00', location: 'Suhr', end_date: null }),
);
const write = (
  changes: Partial<{
    start_date: string;
    start_time: string | null;
    end_time: string | null;
    location: string;
    is_cancelled: boolean;
  }>,
) => ({
  title: booked.title,
  subtitle: null,
  description: booked.description,
  category: booked.category,
  start_date: booked.startDate,
  end_date: booked.endDate,
  start_time: booked.startTime,
  end_time: booked.endTime,
  location: booked.location,
  price: booked.price,
  max_participants: booked.maxParticipants,
  max_persons_per_booking: booked.maxPersonsPerBooking,
  cancellation_deadline_hours: booked.cancellationDeadlineHours,
  status: booked.status,
  image_url: null,
  payment_methods: booked.paymentMethods,
  is_sold_out: false,
  is_cancelled: false,
  bring_along: null,
  questions: [],
  min_age: null,
  max_age: null,
  ...changes,
});

describe('scheduleChange: when a save asks whether to send a change notice', () => {
  it('answers the values from before for a new date, time or place of a booked event', () => {
    const before = {
      startDate: '2099-03-15',
      endDate: undefined,
      startTime: '10:00',
      endTime: '13:00',
      location: 'Suhr',
    };
    expect(scheduleChange(booked, write({ location: 'Aarau' }))).toEqual(before);
    expect(scheduleChange(booked, write({ start_time: '11:00', end_time: '14:00' }))).toEqual(before);
    expect(scheduleChange(booked, write({ start_date: '2099-03-16' }))).toEqual(before);
  });

  it('asks nothing for the same times, other fields, a new, unbooked or cancelled event', () => {
    // PostgREST answers '10:00:00', the form writes '10:00': the same time.
    expect(scheduleChange(booked, write({ start_time: '10:00', end_time: '13:00' }))).toBeNull();
    expect(scheduleChange(booked, write({ end_time: null }))).toEqual({
      startDate: '2099-03-15',
      endDate: undefined,
      startTime: '10:00',
      endTime: '13:00',
      location: 'Suhr',
    });
    expect(scheduleChange(booked, write({}))).toBeNull();
    expect(scheduleChange(null, write({ location: 'Aarau' }))).toBeNull();
    expect(scheduleChange({ ...booked, currentParticipants: 0 }, write({ location: 'Aarau' }))).toBeNull();
    expect(scheduleChange(booked, write({ location: 'Aarau', is_cancelled: true }))).toBeNull();
  });
});
