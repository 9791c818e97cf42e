/** Clause texts as the bundled corpus holds them (standards/49-cfr/part-213.jsonl), shared by the assistant's tests. */

/** 213.9: operating speed limits, a table whose rows are track classes. */
export const SPEEDS_213_9 = [
  '(a) Except as provided in paragraph (b) of this section and §§ 213.57(b), 213.59(a), 213.113(a), and 213.137(b) and (c), the following maximum allowable operating speeds apply—',
  '[IN MILES PER HOUR]',
  'Over track that meets all of the | The maximum allowable | The maximum allowable',
  'requirements prescribed in this | operating speed for freight | operating speed for passenger',
  'part for— | trains is— | trains is—',
  'Excepted track | 10 | N/A',
  'Class 1 track | 10 | 15',
  'Class 2 track | 25 | 30',
  'Class 3 track | 40 | 60',
  'Class 4 track | 60 | 80',
  'Class 5 track | 80 | 90',
  '(b) If a segment of track does not meet all of the requirements of its intended class, it is reclassified to the next lowest class of track for which it does meet all of the requirements of this part. However, if the segment of track does not at least meet the requirements of Class 1 track, operations may continue at Class 1 speeds for a period of not more than 30 days without bringing the track into compliance, under the authority of a person designated under § 213.7(a), after that person determines that operations may safely continue and subject to any limiting conditions specified by such person.',
].join('\n');
