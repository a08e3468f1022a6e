import { withoutPhrasingParticles } from './ranked-choice';
import { terms } from './text';

describe('the particle of a verb that only phrases the question', () => {
  it('goes with that verb, and stays after a verb that says what is done', () => {
    expect(withoutPhrasingParticles(terms('find out which packages depend on it'))).toEqual(
      terms('find which packages depend on it'),
    );
    expect(withoutPhrasingParticles(terms('the intents it already used up'))).toEqual(
      terms('intents already used'),
    );
    expect(withoutPhrasingParticles(terms('turn off the check'))).toEqual(terms('turn off the check'));
    expect(withoutPhrasingParticles(terms('back up the store'))).toEqual(terms('back up the store'));
  });
});
